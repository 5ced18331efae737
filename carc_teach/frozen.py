"""Building frozen dataclasses fast where the engine makes many of them.

A frozen dataclass's ``__init__`` sets every field through ``object.__setattr__``, which costs
about as much as the rest of a small function: building a :class:`~carc_teach.events.Event`
(19 fields) or a game-file ``Move`` (11) that way is several microseconds, and a game makes
hundreds. :func:`fast_constructor` generates, once per class, a function with the same
parameters that fills a writable *draft* (a class with the same slots and bases) by plain
attribute stores and then gives it the dataclass as its class. Python allows assigning the
class between two classes of identical layout; the result is the same frozen object as
``cls(...)``: equal, hashable and read-only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields, is_dataclass
from typing import Any, TypeVar

__all__ = ["fast_constructor", "draft_class"]

T = TypeVar("T")

#: a default-factory parameter left out (None may be a value the caller means)
_FACTORY: Any = type("_Factory", (), {"__repr__": lambda self: "<default factory>"})()


def draft_class(cls: type) -> type:
    """A writable class with the slots of the frozen dataclass ``cls``: fill an instance by
    plain attribute stores, every field, then assign it ``cls`` as its class (the object is
    then the same as one ``cls(...)`` builds). For code that builds the objects itself, such
    as ``GameState.emit``; :func:`fast_constructor` wraps this in a function.

    For frozen dataclasses with slots and without ``__post_init__``, whose fields are all
    ``__init__`` parameters.
    """
    params = getattr(cls, "__dataclass_params__", None)
    if not is_dataclass(cls) or params is None or not params.frozen or "__slots__" not in vars(cls):
        raise TypeError(f"{cls.__name__} is not a frozen dataclass with slots")
    if hasattr(cls, "__post_init__") or not all(f.init and not f.kw_only for f in fields(cls)):
        raise TypeError(f"{cls.__name__} does more in __init__ than set its fields")
    draft = type(f"_{cls.__name__}Draft", cls.__bases__, {"__slots__": cls.__slots__})
    if draft.__setattr__ is not object.__setattr__:
        raise TypeError(f"{cls.__name__}'s bases refuse attribute stores")
    draft().__class__ = cls  # fails here, not in a game, if the layouts differ
    return draft


def fast_constructor(cls: type[T]) -> Callable[..., T]:
    """``make(*args, **kwargs)`` equal to ``cls(*args, **kwargs)``, several times faster.

    For frozen dataclasses with slots and without ``__post_init__``, whose fields are all
    ``__init__`` parameters: the parameters are the fields in order, with the same defaults.
    """
    draft = draft_class(cls)

    name = cls.__name__
    env: dict[str, Any] = {"_Draft": draft, "_cls": cls, "_FACTORY": _FACTORY}
    params_src, body = [], []
    for f in fields(cls):
        value = f.name
        if f.default is not MISSING:
            env[f"_d_{f.name}"] = f.default
            params_src.append(f"{f.name}=_d_{f.name}")
        elif f.default_factory is not MISSING:
            env[f"_f_{f.name}"] = f.default_factory
            params_src.append(f"{f.name}=_FACTORY")
            value = f"_f_{f.name}() if {f.name} is _FACTORY else {f.name}"
        else:
            params_src.append(f.name)
        body.append(f"    o.{f.name} = {value}")
    src = (
        f"def make_{name}({', '.join(params_src)}):\n"
        "    o = _Draft()\n" + "\n".join(body) + "\n    o.__class__ = _cls\n    return o\n"
    )
    exec(src, env)  # noqa: S102 - our own generated constructor, see the module docstring
    make = env[f"make_{name}"]
    make.__doc__ = f"The same as ``{name}(...)``, built faster (see carc_teach.frozen)."
    return make
