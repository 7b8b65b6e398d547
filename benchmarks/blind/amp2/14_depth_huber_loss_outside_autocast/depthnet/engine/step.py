import torch


def make_step_fn(model, criterion, optimizer, bf16=True):
    def step(rgb, depth):
        model.train()
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=bf16):
            pred = model(rgb)
        loss = criterion(pred, depth)           # loss in full precision, outside autocast
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
        return loss.item()
    return step
