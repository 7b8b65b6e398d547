import torch
from torch import nn
from torch.nn import CrossEntropyLoss


class FeedForwardBlock(nn.Module):
    def __init__(self, layer_dims):
        super().__init__()
        layers = []
        for i in range(len(layer_dims) - 1):
            layers.append(nn.Linear(layer_dims[i], layer_dims[i + 1]))
        self.feed_forward = nn.Sequential(*layers)

    def forward(self, X):
        return self.feed_forward(X)


class TextClassificationHead(nn.Module):
    def __init__(self, layer_dims, class_weights=None, task_name="text_classification"):
        super().__init__()
        self.layer_dims = layer_dims
        self.feed_forward = FeedForwardBlock(layer_dims)
        self.num_labels = layer_dims[-1]
        self.task_name = task_name
        if class_weights is not None:
            self.balanced_weights = nn.Parameter(torch.tensor(class_weights, dtype=torch.float32), requires_grad=False)
        else:
            self.balanced_weights = None
        self.loss_fct = CrossEntropyLoss(weight=self.balanced_weights, reduction="none")

    def forward(self, X):
        return self.feed_forward(X)

    def logits_to_loss(self, logits, label_ids, **kwargs):
        return self.loss_fct(logits, label_ids.view(-1))

    def logits_to_preds(self, logits):
        return logits.argmax(dim=1)
