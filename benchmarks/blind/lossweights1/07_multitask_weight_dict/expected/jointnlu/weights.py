import numpy as np
import torch

from .data import INTENTS, SLOTS


def build_task_class_weights(dataset, smoothing=1.0):
    """Inverse-frequency class weights for each task head."""
    intent_counts = [0] * len(INTENTS)
    for _, intent, _ in dataset.examples:
        intent_counts[intent] += 1
    total = sum(intent_counts)
    intent_w = [total / (len(INTENTS) * (c + smoothing)) for c in intent_counts]

    slot_counts = np.zeros(len(SLOTS))
    for _, _, slots in dataset.examples:
        slot_counts += np.bincount(slots, minlength=len(SLOTS))
    slot_w = np.log1p(slot_counts.sum() / (slot_counts + smoothing))

    return {
        "intent": torch.tensor(intent_w),
        "slot": torch.from_numpy(slot_w).float(),
    }
