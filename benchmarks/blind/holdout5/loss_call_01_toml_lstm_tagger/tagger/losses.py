import torch
import torch.nn.functional as F


def masked_token_loss(logits, tags, pad_id=0, label_smoothing=0.0):
    """Token-level cross entropy over a padded batch; padding positions are ignored."""
    return F.cross_entropy(logits, tags, ignore_index=pad_id, label_smoothing=label_smoothing)


@torch.no_grad()
def token_accuracy(logits, tags, pad_id=0):
    mask = tags != pad_id
    pred = logits.argmax(-1)
    return ((pred == tags) & mask).sum().item(), mask.sum().item()
