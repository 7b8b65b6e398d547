import torch


def load_pretrained(model, path):
    state_dict = torch.load(path)
    model.load_state_dict(state_dict)
    print('loaded', path)
    return model
