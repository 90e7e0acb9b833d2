"""The table assistant: setup checklists, round helpers and score sheets for physical play.

Nothing here plays a game. People at a real table enter what they see; the assistant
checks off setup steps, draws the random parts from a shown seed and does the arithmetic.
"""
