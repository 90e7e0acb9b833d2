"""Polis: Fight for the Hegemony (2012 edition), two players, Athens against Sparta.

The package has the shape every game has (docs/ARCHITECTURE.md): rules.py (PolisRules), setup.py,
choices.py (the codec), catalog.py (the component data, checks.py validating it), view.py,
scoring.py, heuristic.py, text.py (the Words) and assistant.py; the steps of the flow are in
steps_turn, steps_units, steps_moves, steps_battle and steps_round, and the queries and changes
they share in actions, develop, military, politics, battle, events, holdings, geo and upkeep.
"""
