import contextlib

import torch
import torch.nn.functional as F


def _autocast(device, amp_dtype):
    if amp_dtype is None:
        return contextlib.nullcontext()
    return torch.autocast(device_type=device, dtype=amp_dtype)


def _episode_logits(backbone, head, episode, args, device, amp_dtype):
    xs, ys, xq, yq = (t.to(device) for t in episode)
    with _autocast(device, amp_dtype):
        feats = backbone(torch.cat([xs, xq]))
        fs, fq = feats[: xs.size(0)], feats[xs.size(0):]
        logits = head(fs, ys, fq, args.way)
    return logits.float(), yq


def meta_train_epoch(backbone, head, sampler, opt, args, device, amp_dtype):
    backbone.train(); head.train()
    tot_loss = tot_acc = 0.0
    for _ in range(args.episodes):
        logits, yq = _episode_logits(backbone, head, sampler.sample(args.way, args.shot, args.query), args, device, amp_dtype)
        loss = F.cross_entropy(logits, yq)
        opt.zero_grad()
        loss.backward()
        opt.step()
        tot_loss += loss.item()
        tot_acc += (logits.argmax(-1) == yq).float().mean().item()
    return tot_loss / args.episodes, tot_acc / args.episodes


@torch.no_grad()
def meta_eval(backbone, head, sampler, args, device, amp_dtype, episodes=5):
    backbone.eval(); head.eval()
    acc = 0.0
    for _ in range(episodes):
        logits, yq = _episode_logits(backbone, head, sampler.sample(args.way, args.shot, args.query, "val"), args, device, amp_dtype)
        acc += (logits.argmax(-1) == yq).float().mean().item()
    return acc / episodes
