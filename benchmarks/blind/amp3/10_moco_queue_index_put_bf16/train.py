# MoCo-v2 style pretraining of a tabular encoder (sensor snapshots) with bf16 autocast.
import argparse
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F

from memory_bank import FeatureQueue

parser = argparse.ArgumentParser()
parser.add_argument("--steps", type=int, default=15)
parser.add_argument("--batch-size", type=int, default=64)
parser.add_argument("--queue-size", type=int, default=1024)
parser.add_argument("--dim", type=int, default=64)
parser.add_argument("--momentum", type=float, default=0.99)
parser.add_argument("--tau", type=float, default=0.2)
parser.add_argument("--bf16", action="store_true")
args = parser.parse_args()

torch.manual_seed(0)
N_FEAT = 48
encoder_q = nn.Sequential(nn.Linear(N_FEAT, 256), nn.BatchNorm1d(256), nn.ReLU(),
                          nn.Linear(256, 256), nn.BatchNorm1d(256), nn.ReLU(),
                          nn.Linear(256, args.dim))
encoder_k = copy.deepcopy(encoder_q)
for p in encoder_k.parameters():
    p.requires_grad = False
queue = FeatureQueue(args.dim, args.queue_size)
opt = torch.optim.SGD(encoder_q.parameters(), lr=0.03, momentum=0.9, weight_decay=1e-4)

base = torch.randn(4096, N_FEAT)


def augment(x):
    mask = (torch.rand_like(x) > 0.15).float()
    return x * mask + 0.1 * torch.randn_like(x)


for step in range(args.steps):
    x = base[torch.randint(0, len(base), (args.batch_size,))]
    with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.bf16):
        q = F.normalize(encoder_q(augment(x)), dim=1)
        with torch.no_grad():
            for pk, pq in zip(encoder_k.parameters(), encoder_q.parameters()):
                pk.mul_(args.momentum).add_(pq.detach(), alpha=1 - args.momentum)
            k = F.normalize(encoder_k(augment(x)), dim=1)
        l_pos = (q * k).sum(1, keepdim=True)
        l_neg = q @ queue.keys.t()
        logits = torch.cat([l_pos, l_neg], 1) / args.tau
        loss = F.cross_entropy(logits, torch.zeros(args.batch_size, dtype=torch.long))
    opt.zero_grad()
    loss.backward()
    opt.step()
    queue.enqueue(k)
    if step % 5 == 0:
        print(f"step {step} loss {loss.item():.4f}")
