import torch.nn as nn


class ChurnNet(nn.Module):
    def __init__(self, n_features, hidden):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Linear(n_features, hidden), nn.ReLU(),
            nn.Linear(hidden, hidden), nn.ReLU(),
        )
        self.churn_head = nn.Linear(hidden, 1)
        # auxiliary reconstruction head, only used on "aux" steps
        self.recon_head = nn.Linear(hidden, n_features)

    def forward(self, x, with_aux=False):
        z = self.encoder(x)
        churn_logit = self.churn_head(z).squeeze(-1)
        if with_aux:
            return churn_logit, self.recon_head(z)
        return churn_logit, None
