import torch.nn.functional as F


def frame_cross_entropy(logits, targets, label_smoothing=0.0, ignore_index=-100):
    """Per-frame CE averaged over all labelled frames.

    logits: (batch, frames, phones)   targets: (batch, frames)
    """
    return F.cross_entropy(logits.transpose(1, 2), targets, ignore_index=ignore_index,
                           label_smoothing=label_smoothing)


def frame_accuracy(logits, targets, ignore_index=-100):
    mask = targets != ignore_index
    return (logits.argmax(-1)[mask] == targets[mask]).float().mean()
