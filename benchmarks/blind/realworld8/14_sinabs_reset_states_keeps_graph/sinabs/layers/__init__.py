from .stateful_layer import StatefulLayer
from .iaf import IAF, IAFSqueeze
