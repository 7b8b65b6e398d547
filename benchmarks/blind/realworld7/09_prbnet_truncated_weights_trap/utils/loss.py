import torch
import torch.nn as nn


class ComputeLoss:
    """Objectness/class loss on a centre-cell assignment (box regression left out of the toy)."""

    def __init__(self, model, hyp):
        self.hyp = hyp
        self.bce = nn.BCEWithLogitsLoss()
        self.nc = model.nc

    def __call__(self, preds, targets):
        lobj = torch.zeros(1)
        lcls = torch.zeros(1)
        for p in preds:
            bs, na, ny, nx, no = p.shape
            tobj = torch.zeros(bs, na, ny, nx)
            tcls = torch.zeros(bs, na, ny, nx, self.nc)
            for b, c, x, y in targets.tolist():
                gx, gy = min(int(x * nx), nx - 1), min(int(y * ny), ny - 1)
                tobj[int(b), :, gy, gx] = 1.0
                tcls[int(b), :, gy, gx, int(c)] = 1.0
            lobj = lobj + self.bce(p[..., 4], tobj)
            mask = tobj.bool()
            if mask.any():
                lcls = lcls + self.bce(p[..., 5:][mask], tcls[mask])
        loss = self.hyp['obj'] * lobj + self.hyp['cls'] * lcls
        return loss, torch.cat((lobj, lcls)).detach()
