import torch
import torch.nn as nn


class SNLINet(nn.Module):
    """Bag-of-embeddings premise/hypothesis encoder with an MLP on top."""

    def __init__(self, options):
        super().__init__()
        self.embed = nn.EmbeddingBag(options["n_words"], options["dim_word"], mode="mean")
        self.hids = nn.ModuleList()
        indim = 4 * options["dim_word"]
        for li in range(options["n_layers"]):
            self.hids.append(nn.Sequential(
                nn.Linear(indim, options["n_hid"]),
                getattr(nn, options["act"])(),
            ))
            indim = options["n_hid"]
        self.classifier = nn.Linear(indim, 3)

    def forward(self, prem, prem_off, hyp, hyp_off):
        u = self.embed(prem, prem_off)
        v = self.embed(hyp, hyp_off)
        h = torch.cat([u, v, torch.abs(u - v), u * v], dim=1)
        for layer in self.hids:
            h = layer(h)
        return self.classifier(h)
