import sys

try:
    from resolver.cli import main
except KeyboardInterrupt:  # Ctrl-C while starting up: nothing has been read or written yet
    print("resolve: interrupted; no file was changed", file=sys.stderr)
    sys.exit(130)

sys.exit(main())
