"""Pantheon (Hans im Glück 2011): six epochs of moving, buying, offering and drawing."""
