import torch
import torch.nn.functional as F


def train_epoch(model, loader, optimizer, accum_steps, clip=5.0):
    """Micro-batches of 8 utterances; one optimizer update every `accum_steps` micro-batches
    (effective batch 32 without the memory of a 32-utterance batch on the edge board)."""
    model.train()
    total, n = 0.0, 0
    optimizer.zero_grad()
    for i, (feats, feat_lens, targets, target_lens) in enumerate(loader):
        log_probs = model(feats).transpose(0, 1)  # (T, B, V) for ctc_loss
        loss = F.ctc_loss(log_probs, targets, feat_lens, target_lens, blank=0, zero_infinity=True)
        (loss / accum_steps).backward()
        if (i + 1) % accum_steps == 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
            optimizer.step()
            optimizer.zero_grad()
        total += loss.item(); n += 1
    return total / n
