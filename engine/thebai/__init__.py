"""Thebai (Board&Dice, 2025): setup, fate-phase battle and final scoring for the table assistant.

There is no digital play of Thebai yet, so there is no Rules class here.
"""
