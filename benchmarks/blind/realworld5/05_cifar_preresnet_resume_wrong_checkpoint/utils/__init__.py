from .misc import *
