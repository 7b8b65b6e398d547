import torch
import torch.nn.functional as F

import utils


def train_one_epoch(model, optimizer, data_loader, epoch, print_freq=10):
    model.train()
    metric_logger = utils.MetricLogger()
    for i, (seq, target) in enumerate(data_loader):
        output = model(seq)
        loss = F.cross_entropy(output, target)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        acc1 = (output.argmax(1) == target).float().mean()
        metric_logger.update(n=seq.size(0), loss=loss.item(), acc1=acc1.item())
        if i % print_freq == 0 and utils.is_main_process():
            print(f"Epoch: [{epoch}] [{i}/{len(data_loader)}] loss {loss.item():.4f}", flush=True)
    metric_logger.synchronize_between_processes()
    return metric_logger


@torch.no_grad()
def evaluate(model, data_loader):
    model.eval()
    metric_logger = utils.MetricLogger()
    for seq, target in data_loader:
        output = model(seq)
        loss = F.cross_entropy(output, target)
        acc1 = (output.argmax(1) == target).float().mean()
        metric_logger.update(n=seq.size(0), loss=loss.item(), acc1=acc1.item())
    # gather the stats from all processes
    metric_logger.synchronize_between_processes()
    if utils.is_main_process():
        print(f"Test: {metric_logger}", flush=True)
    return metric_logger.meters["acc1"].global_avg


def train_and_evaluate(args, model, optimizer, train_loader, train_sampler, val_loader):
    best = 0.0
    for epoch in range(args.epochs):
        if args.distributed:
            train_sampler.set_epoch(epoch)
        train_stats = train_one_epoch(model, optimizer, train_loader, epoch)
        if utils.is_main_process():
            print(f"Epoch {epoch} train: {train_stats}", flush=True)
        if (epoch + 1) % args.eval_every == 0:
            # every rank evaluates its shard; evaluate() all-reduces the meters
            acc = evaluate(model, val_loader)
            best = max(best, acc)
    return best
