"""Polis: Fight for the Hegemony (2012 edition): setup, end of round and final scoring for the
table assistant. There is no digital play of Polis yet, so there is no Rules class here.
"""
