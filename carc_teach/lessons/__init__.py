"""What one walkthrough teaches beyond the common pieces of :mod:`carc_teach.teach`: its
questions, its move notes and the tables it shows beside the board, one module per
walkthrough (named after the expansion or the part of the rules it teaches).

Like ``teach``, nothing here imports marimo; the notebooks compose these functions with
:mod:`carc_teach.notebook_ui`.
"""
