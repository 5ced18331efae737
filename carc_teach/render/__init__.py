"""Drawing: pure-Python SVG (:mod:`carc_teach.render.svg`) and optional matplotlib views
(:mod:`carc_teach.render.mpl`, imported only when asked for)."""
