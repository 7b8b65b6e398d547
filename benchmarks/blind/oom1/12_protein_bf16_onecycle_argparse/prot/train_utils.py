import torch
import torch.nn.functional as F


def make_optim(model, args, steps_per_epoch):
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.05)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, epochs=args.epochs,
                                                steps_per_epoch=steps_per_epoch, pct_start=0.3)
    return opt, sched


def run_epoch(model, seqs, tags, opt, sched, args):
    model.train()
    perm = torch.randperm(len(seqs))
    for i, s in enumerate(range(0, len(seqs), args.batch_size)):
        idx = perm[s:s + args.batch_size]
        with torch.autocast("cpu", dtype=torch.bfloat16):
            logits = model(seqs[idx])
        loss = F.cross_entropy(logits.float().flatten(0, 1), tags[idx].flatten())
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        sched.step()
        print(f"  it {i} loss {loss.item():.4f} lr {sched.get_last_lr()[0]:.2e}")


@torch.no_grad()
def accuracy(model, seqs, tags):
    model.eval()
    with torch.autocast("cpu", dtype=torch.bfloat16):
        pred = model(seqs).argmax(-1)
    return (pred == tags).float().mean().item()
