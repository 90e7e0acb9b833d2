"""Thebai (Board&Dice, 2025): the game's rules (rules.py, on the flow engine) and the table
assistant's setup checklist, fate-phase battle helper and final score sheet (assistant.py)."""
