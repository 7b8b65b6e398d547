import copy
import numpy as np
import torch
from torch.utils.data import DataLoader, TensorDataset

from model_funcs import get_training_elements, local_training, evaluate_model


def load_client_data(num_clients, args, seed=0):
    rng = np.random.RandomState(seed)
    w = rng.randn(args['num_features'], args['num_classes'])
    clients = []
    for _ in range(num_clients):
        x = rng.randn(60, args['num_features']).astype(np.float32)
        y = np.argmax(x @ w, axis=1).astype(np.float32)
        clients.append(TensorDataset(torch.from_numpy(x), torch.from_numpy(y)))
    return clients


def fedavg(global_model, local_models):
    global_state = global_model.state_dict()
    for key in global_state:
        global_state[key] = torch.stack([m.state_dict()[key].float() for m in local_models]).mean(0)
    global_model.load_state_dict(global_state)


if __name__ == '__main__':
    torch.manual_seed(0)
    args = {'num_features': 20, 'num_classes': 4, 'lr': 0.1, 'rounds': 3, 'local_epochs': 2}
    client_sets = load_client_data(4, args)
    global_model, criterion = get_training_elements('mlp', 'synthetic', args)

    for rnd in range(args['rounds']):
        local_models, losses = [], []
        for ds in client_sets:
            model = copy.deepcopy(global_model)
            optimizer = torch.optim.SGD(model.parameters(), lr=args['lr'])
            losses.append(local_training(model, criterion, optimizer, DataLoader(ds, batch_size=16, shuffle=True), args['local_epochs']))
            local_models.append(model)
        fedavg(global_model, local_models)
        val_loss, val_acc = evaluate_model(global_model, criterion, DataLoader(client_sets[0], batch_size=32))
        print('round {} train loss {:.4f} val loss {:.4f} val acc {:.3f}'.format(rnd, float(np.mean(losses)), val_loss, val_acc))
