from .soap import ForeachSOAP
