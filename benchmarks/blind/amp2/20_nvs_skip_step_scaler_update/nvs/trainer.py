import torch
import torch.nn.functional as F


def train_steps(model, optimizer, scheduler, next_batch, tcfg):
    amp_dtype = {"fp16": torch.float16, "bf16": torch.bfloat16}[tcfg["amp_dtype"]]
    scaler = torch.amp.GradScaler("cpu", enabled=tcfg["use_amp"])
    clip = tcfg["grad_clip_norm"]
    skip_above = clip * tcfg["allowed_gradnorm_factor"]
    param_update_step = 0
    model.train()
    for fwdbwd_step in range(tcfg["steps"]):
        views, target_pose, target = next_batch()
        with torch.autocast("cpu", dtype=amp_dtype, enabled=tcfg["use_amp"]):
            pred = model(views, target_pose)
            # photometric loss summed over pixels, averaged over the batch
            loss = (pred.float() - target).pow(2).sum(dim=(1, 2, 3)).mean() + 0.1 * F.l1_loss(pred.float(), target)
        optimizer.zero_grad(set_to_none=True)
        scaler.scale(loss).backward()

        scaler.unscale_(optimizer)
        total_grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), float("inf")).item()
        skip_optimizer_step = not torch.isfinite(torch.tensor(total_grad_norm)) or total_grad_norm > skip_above
        if skip_optimizer_step:
            print(f"WARNING: step {fwdbwd_step} grad norm too large {total_grad_norm:.3f} > {skip_above}, "
                  "skipping optimizer step")
        else:
            torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
            scaler.step(optimizer)
            scaler.update()
            scheduler.step()
            param_update_step += 1

        if fwdbwd_step % tcfg["print_every"] == 0:
            print(f"step {fwdbwd_step} (param updates {param_update_step}) | lr {scheduler.get_last_lr()[0]:.6f} "
                  f"| loss {loss.item():.5f} | grad norm {total_grad_norm:.3f}")
    print(f"finished: {param_update_step} parameter updates in {tcfg['steps']} steps")
