"""The game table without the screen: its frozen state, the controller that plays it (session,
bots, the worker, catching up with other terminals, seats) and the text it shows. Nothing here
imports Textual; tui/screens/table.py lays the table out and draws it."""
