# Forces every DataLoader to batch_size=2 (the resolver's smoke mode); used by verify.sh BS2 check.
import torch.utils.data as _tud

_orig_init = _tud.DataLoader.__init__


def _init(self, dataset, batch_size=1, *args, **kwargs):
    if kwargs.get("batch_sampler") is None:
        batch_size = 2
    _orig_init(self, dataset, batch_size, *args, **kwargs)


_tud.DataLoader.__init__ = _init
