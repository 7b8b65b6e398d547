import torch


def load_pretrained(model, path):
    state_dict = torch.load(path, map_location=torch.device('cpu'))
    model.load_state_dict(state_dict)
    print('loaded', path)
    return model
