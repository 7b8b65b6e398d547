import torch.nn as nn


class CTCCriterion(nn.Module):
    def __init__(self, blank=0):
        super().__init__()
        self.ctc = nn.CTCLoss(blank=blank, reduction="mean", zero_infinity=True)

    def forward(self, logits, out_lens, targets, target_lens):
        log_probs = logits.log_softmax(dim=-1).transpose(0, 1)     # [T', B, V]
        return self.ctc(log_probs, targets, out_lens, target_lens)
