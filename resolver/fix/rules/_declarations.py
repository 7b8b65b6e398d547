"""Where a project declares a named value other than by assignment: an argparse option's
default, a property's return."""

from __future__ import annotations

import libcst as cst

from resolver.fix.rules._source import Source
from resolver.fix.rules._syntax import last_name


def property_returns(file: Source, name: str) -> list:
    """`@property def vocab_size(self): return len(self.words)`: a count the class computes is
    made in its one return."""
    found = []
    for function in file.nodes(cst.FunctionDef):
        klass = file.enclosing(function, cst.ClassDef)
        if function.name.value != name or klass is None or file.function_of(function) is not None \
                or not any(last_name(d.decorator) in ("property", "cached_property") for d in function.decorators):
            continue
        returns = [r for r in file.nodes(cst.Return) if file.function_of(r) is function]
        found.append((file, returns[0].value if len(returns) == 1 else None,
                      f"the {klass.name.value}.{name} property"))
    return found


def argparse_default(file: Source, call: cst.Call, name: str):
    func = call.func
    if not (isinstance(func, cst.Attribute) and func.attr.value == "add_argument"):
        return None
    flags = [a.value.evaluated_value for a in call.args
             if a.keyword is None and isinstance(a.value, cst.SimpleString)]
    dest = next((a.value.evaluated_value for a in call.args if a.keyword and a.keyword.value == "dest"
                 and isinstance(a.value, cst.SimpleString)), None)
    if dest is None:
        longs = [f for f in flags if f.startswith("--")] or flags
        dest = longs[0].lstrip("-").replace("-", "_") if longs else None
    if dest != name:
        return None
    default = next((a.value for a in call.args if a.keyword and a.keyword.value == "default"), None)
    if default is None:
        return file, None, ""
    return file, default, f"the default of --{flags[0].lstrip('-') if flags else name}"
