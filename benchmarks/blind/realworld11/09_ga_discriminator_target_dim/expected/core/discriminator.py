import numpy as np
import torch
import torch.nn as nn


class Net(torch.nn.Module):
    def __init__(self, n_feature, h_sizes, n_output):
        super(Net, self).__init__()
        self.hidden = nn.ModuleList()
        for k in range(len(h_sizes) - 1):
            self.hidden.append(nn.Linear(h_sizes[k], h_sizes[k + 1]))
        self.predict = torch.nn.Linear(h_sizes[-1], n_output)

    def forward(self, x):
        for layer in self.hidden:
            x = torch.sigmoid(layer(x))
        output = torch.sigmoid(self.predict(x))
        return output


def create_discriminator(init_len, n_hidden, device):
    """
    Define an instance of the discriminator
    """
    n_hidden.insert(0, init_len)
    net = Net(n_feature=init_len, h_sizes=n_hidden, n_output=1).to(device)
    optimizer = torch.optim.Adam(net.parameters(), lr=0.01, weight_decay=1e-4)
    loss_func = torch.nn.BCELoss()
    return (net, optimizer, loss_func)


def obtain_initial_discriminator(disc_layers, device, n_features):
    net, optimizer, loss_func = create_discriminator(n_features, list(disc_layers), device)
    return net, optimizer, loss_func


def do_x_training_steps(data_x, data_y, net, optimizer, loss_func, steps, graph_x_counter, device):
    data_x = torch.tensor(data_x.astype(np.float32), device=device)
    data_y = torch.tensor(data_y, device=device, dtype=torch.float)

    net.train()
    for t in range(steps):
        predictions = net(data_x)
        loss = loss_func(predictions, data_y.reshape(len(data_y), 1))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        graph_x_counter += 1
    return net, loss.item(), graph_x_counter


def create_dataset(ref_descriptors, population_descriptors):
    """Reference (real) molecules get label 1, molecules from the GA get label 0."""
    data_x = np.concatenate([ref_descriptors, population_descriptors], axis=0)
    data_y = np.array([1] * len(ref_descriptors) + [0] * len(population_descriptors))
    return data_x, data_y


def do_predictions(discriminator, data_x, device):
    discriminator = discriminator.eval()
    data_x = torch.tensor(data_x.astype(np.float32), device=device)
    with torch.no_grad():
        outputs = discriminator(data_x)
    return outputs.detach().cpu().numpy().reshape(-1)
