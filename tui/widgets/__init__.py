"""Reusable widgets of the Tabula app."""
