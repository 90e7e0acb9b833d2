"""Almadi (Funnyfox, 2021): build a realm of landscapes, activate effects, score at the end."""
