"""The screens of the Tabula app."""
