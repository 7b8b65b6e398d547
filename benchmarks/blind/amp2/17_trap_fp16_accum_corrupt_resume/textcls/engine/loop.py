import torch
import torch.nn.functional as F

from textcls.engine import ckpt


def train(model, opt, sched, scaler, tokens, labels, start_step, args):
    g = torch.Generator().manual_seed(1234)
    order = torch.randperm(len(tokens), generator=g)
    mb = args.micro_bs
    per_step = mb * args.accum
    model.train()
    for step in range(start_step, args.steps):
        for k in range(args.accum):
            j = (step * per_step + k * mb) % len(tokens)
            b = order[j:j + mb]
            with torch.autocast("cpu", dtype=torch.float16):
                loss = F.cross_entropy(model(tokens[b]), labels[b]) / args.accum
            scaler.scale(loss).backward()
        scaler.unscale_(opt)                                   # once per optimizer step
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        scaler.step(opt)
        scaler.update()
        opt.zero_grad(set_to_none=True)
        sched.step()
        if (step + 1) % 20 == 0:
            print(f"step {step + 1}: loss {loss.item() * args.accum:.3f}  scale {scaler.get_scale():.0f}")
            ckpt.save(args.save, model, opt, sched, scaler, step + 1)
