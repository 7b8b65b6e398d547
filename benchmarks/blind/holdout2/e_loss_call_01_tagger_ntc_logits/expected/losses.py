import torch.nn.functional as F

from dataset import PAD_TAG


def token_cross_entropy(logits, tags):
    """Token-level CE ignoring padded positions.

    logits: (batch, seq_len, n_tags); tags: (batch, seq_len) with PAD_TAG at padding.
    """
    return F.cross_entropy(logits.transpose(1, 2), tags, ignore_index=PAD_TAG)


def token_accuracy(logits, tags):
    mask = tags != PAD_TAG
    return ((logits.argmax(-1) == tags) & mask).sum().item() / mask.sum().item()
