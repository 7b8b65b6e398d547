"""`python -m resolver.diagnose.catalogue > docs/error-catalogue.md`"""

import sys

from resolver.diagnose.catalogue.render import markdown

sys.stdout.reconfigure(encoding="utf-8")
sys.stdout.write(markdown())
