"""carc_teach: a rules engine and teaching toolkit for Carcassonne."""

__version__ = "0.1.0"
