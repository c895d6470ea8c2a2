"""The class store from the command line (the teacher's, in the folder the apps run from, or
with ``CLASS_DB`` set):

- ``python -m gamekit.store new-class "7B"`` makes a class and prints its code, which the
  students type under *Play a classmate*;
- ``python -m gamekit.store students CODE`` lists its students' nicknames;
- ``python -m gamekit.store tables CODE`` lists its open tables.
"""

from __future__ import annotations

import argparse
import sys

from gamekit.store.store import ClassStore, StoreError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gamekit.store", description=__doc__)
    parser.add_argument("--folder", default=None, help="the class's folder (default: here)")
    commands = parser.add_subparsers(dest="command", required=True)
    made = commands.add_parser("new-class", help="make a class; print its code")
    made.add_argument("name", help="the class's name, such as 7B")
    for name in ("students", "tables"):
        listed = commands.add_parser(name, help=f"list a class's {name}")
        listed.add_argument("code", help="the class's code")
    args = parser.parse_args(argv)
    try:
        store = ClassStore(folder=args.folder)
        if args.command == "new-class":
            print(store.new_class(args.name))
        elif args.command == "students":
            print("\n".join(store.students(args.code)) or "(nobody yet)")
        else:
            for t in store.open_tables(args.code):
                print(f"{t.code}  {t.game}  {' and '.join(n for n in t.seated if n)}")
        store.close()
    except StoreError as error:
        print(f"gamekit.store: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
