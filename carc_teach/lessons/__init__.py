"""What the walkthroughs teach that is not one expansion's: the lessons that span several
(:mod:`.after_game`, the scoring after the game; :mod:`.two_editions`, one game under two
editions), the lesson lists (:mod:`.lesson_sets`) and the wording and choice helpers every
walkthrough's questions share (:mod:`.helpers`).

An expansion's own lessons live in its package (``carc_teach/expansions/<name>/lessons.py``
and ``views.py``). Like ``teach``, nothing here imports marimo; the notebooks compose these
functions with :mod:`carc_teach.notebook_ui`.
"""
