"""Find the largest batch size whose training step fits in 80% of the GPU's memory
and record step latency, so the cluster job config can be generated from it."""
import argparse
import json
import os

import torch

from model_zoo import gpt_block_stack


def measure(model, opt, batch, seq_len, d_model, device, iters=5):
    x = torch.randn(batch, seq_len, d_model, device=device)
    torch.cuda.reset_peak_memory_stats(device)
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    for i in range(iters + 1):
        if i == 1:
            start.record()
        with torch.autocast("cuda", dtype=torch.bfloat16):
            loss = model(x).float().pow(2).mean()
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
    end.record()
    torch.cuda.synchronize(device)
    return torch.cuda.max_memory_allocated(device), start.elapsed_time(end) / iters


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seq-len", type=int, default=1024)
    ap.add_argument("--d-model", type=int, default=512)
    ap.add_argument("--budget", type=float, default=0.8)
    ap.add_argument("--out", default="batch_profile.json")
    args = ap.parse_args()

    device = torch.device("cuda", int(os.environ.get("LOCAL_RANK", 0)))
    total = torch.cuda.get_device_properties(device).total_memory
    torch.backends.cuda.matmul.allow_tf32 = True

    model = gpt_block_stack(d_model=args.d_model).to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4, fused=True)
    results, batch = [], 1
    while True:
        try:
            peak, ms = measure(model, opt, batch, args.seq_len, args.d_model, device)
        except torch.OutOfMemoryError:
            break
        results.append({"batch": batch, "peak_gib": peak / 2**30, "step_ms": ms})
        print(f"batch {batch:4d}: peak {peak / 2**30:6.2f} GiB, {ms:7.1f} ms/step")
        if peak > args.budget * total:
            break
        batch *= 2
    fitting = [r for r in results if r["peak_gib"] * 2**30 <= args.budget * total]
    report = {"device": torch.cuda.get_device_name(device), "total_gib": total / 2**30,
              "recommended_batch": fitting[-1]["batch"] if fitting else None, "runs": results}
    with open(args.out, "w") as f:
        json.dump(report, f, indent=2)
    print(json.dumps({k: report[k] for k in ("device", "recommended_batch")}))


if __name__ == "__main__":
    main()
