import torch

from util.misc import MetricLogger


def train_one_epoch(model, criterion, data_loader, optimizer, epoch, max_norm=0):
    model.train()
    criterion.train()
    metric_logger = MetricLogger()
    for samples, targets in data_loader:
        outputs = model(samples)
        loss_dict = criterion(outputs, targets)
        weight_dict = criterion.weight_dict
        losses = sum(loss_dict[k] * weight_dict[k] for k in loss_dict.keys() if k in weight_dict)

        loss_value = losses.item()

        losses.backward()
        if max_norm > 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        optimizer.step()

        metric_logger.update(loss=loss_value, **{k: v.item() for k, v in loss_dict.items()})
    return metric_logger


@torch.no_grad()
def evaluate(model, data_loader):
    model.eval()
    correct, n, l1 = 0, 0, 0.0
    for samples, targets in data_loader:
        out = model(samples)
        correct += (out["pred_logits"].argmax(-1) == targets["labels"]).sum().item()
        l1 += (out["pred_boxes"] - targets["boxes"]).abs().sum().item()
        n += len(samples)
    return correct / n, l1 / n
