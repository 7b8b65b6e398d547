import torch

from charlm.config import TrainConfig
from charlm.model import ConvCharLM
from charlm.schedule import get_lr

TEXT = ("the quick brown fox jumps over the lazy dog. " * 40 +
        "pack my box with five dozen liquor jugs. " * 40 +
        "how vexingly quick daft zebras jump! " * 40)

cfg = TrainConfig()
chars = sorted(set(TEXT))
stoi = {c: i for i, c in enumerate(chars)}
data = torch.tensor([stoi[c] for c in TEXT])
torch.manual_seed(0)


def get_batch():
    ix = torch.randint(len(data) - cfg.block_size - 1, (cfg.batch_size,))
    x = torch.stack([data[i:i + cfg.block_size] for i in ix])
    y = torch.stack([data[i + 1:i + cfg.block_size + 1] for i in ix])
    return x, y


model = ConvCharLM(len(chars), cfg.n_embd, cfg.block_size)
optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.learning_rate, weight_decay=0.01)
running = None
for it in range(cfg.max_iters + 1):
    lr = get_lr(it, cfg)
    for group in optimizer.param_groups:
        group["lr"] = lr
    x, y = get_batch()
    _, loss = model(x, y)
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), cfg.grad_clip)
    optimizer.step()
    running = loss.item() if running is None else 0.9 * running + 0.1 * loss.item()
    if it % cfg.eval_interval == 0:
        print(f"iter {it}: loss {running:.4f}, lr {lr:.2e}")
