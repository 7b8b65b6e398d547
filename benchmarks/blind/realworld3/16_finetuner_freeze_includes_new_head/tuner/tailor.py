import torch.nn as nn


def to_embedding_model(model, layer_name='fc', output_dim=None, freeze=False):
    """Cut the classifier off a pretrained model and (optionally) attach a projection head,
    in the spirit of finetuner.tailor.to_embedding_model."""
    if output_dim:
        setattr(model, layer_name, nn.Sequential(
            nn.Linear(model.out_features, output_dim), nn.ReLU(), nn.Linear(output_dim, output_dim)))
    else:
        setattr(model, layer_name, nn.Identity())

    if freeze:
        for param in model.parameters():
            param.requires_grad = False
    return model
