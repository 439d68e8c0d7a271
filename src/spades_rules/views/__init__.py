"""Views: what one seat may see (:func:`observe`), and full worlds consistent with it (:func:`sample_deal`).

An :class:`Observation` is a frozen, hashable value holding exactly what one seat knows at a moment of
the game; :func:`sample_deal` turns it back into a full :class:`~spades_rules.state.GameState`: the cards
the seat cannot see are redistributed at random among the places they may be, and the engine rebuilds
the hand's state from them and the public actions. The result always observes equal to the observation.
This is the determinization step of search bots (PIMC, ISMCTS).

A view crosses a wire as its dict form: ``view.to_dict()`` is JSON-safe, and
``Observation.from_dict(data)`` rebuilds an equal view (checking its shape), on which a remote client can
run :func:`sample_deal` and the bots.

The package has four modules, each importing only the ones above it in this list:

- :mod:`~spades_rules.views.parts`: the small values a view holds (:class:`DrawTurn`, :class:`ExchangeView`);
- :mod:`~spades_rules.views.render`: the dict form, its reader, the shape check and the text;
- :mod:`~spades_rules.views.observation`: the :class:`Observation` value (its fields) and :func:`observe`;
- :mod:`~spades_rules.views.sampling`: :func:`sample_deal` (sampling depends on observing, never the reverse).

>>> import json
>>> from spades_rules import Rules, Deal, new_game, apply
>>> rules = Rules.standard()
>>> state = apply(new_game(rules), Deal.shuffled(rules, 3))
>>> view = observe(state, 1)                # see spades_rules.views.observation for what it holds
>>> world = sample_deal(view, 7)
>>> observe(world, 1) == view
True
>>> remote = Observation.from_dict(json.loads(json.dumps(view.to_dict())))
>>> remote == view, observe(sample_deal(remote, 7), 1) == view
(True, True)
"""

from spades_rules.views.observation import Observation, observe
from spades_rules.views.parts import DrawTurn, ExchangeView
from spades_rules.views.sampling import sample_deal

__all__ = ["DrawTurn", "ExchangeView", "Observation", "observe", "sample_deal"]
