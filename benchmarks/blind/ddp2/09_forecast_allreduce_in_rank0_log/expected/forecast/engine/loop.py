import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from forecast.engine.dist_utils import is_main_process, reduce_mean


def train(model, dataset, cfg):
    sampler = DistributedSampler(dataset, shuffle=True)
    loader = DataLoader(dataset, batch_size=cfg.data.batch_size, sampler=sampler)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    step = 0
    for epoch in range(cfg.epochs):
        sampler.set_epoch(epoch)
        for x, y in loader:
            pred = model(x)
            loss = F.mse_loss(pred, y)
            mae = (pred - y).abs().mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            step += 1
            if step % cfg.log_every == 0:
                # average across workers so the log is not just rank 0's shard
                # (collective: every rank must take part)
                mse_avg, mae_avg = reduce_mean(loss.item()), reduce_mean(mae.item())
                if is_main_process():
                    print(f"ep {epoch} step {step} mse {mse_avg:.4f} mae {mae_avg:.4f}")
    return model
