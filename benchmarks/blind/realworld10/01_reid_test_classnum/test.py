import os
import yaml
import torch
from torch.utils.data import DataLoader

from model import ft_net
from market import SyntheticMarket


def load_network(network, name):
    save_path = os.path.join('./model', name, 'net_last.pth')
    network.load_state_dict(torch.load(save_path))
    return network


def extract_feature(model, dataloader):
    features = []
    labels = []
    for img, label in dataloader:
        with torch.no_grad():
            outputs = model(img)
        ff = outputs / torch.norm(outputs, p=2, dim=1, keepdim=True)
        features.append(ff)
        labels.append(label)
    return torch.cat(features, 0), torch.cat(labels, 0)


def evaluate(name, batchsize=16):
    config_path = os.path.join('./model', name, 'opts.yaml')
    with open(config_path, 'r') as stream:
        config = yaml.safe_load(stream)
    stride = config['stride']

    gallery = SyntheticMarket(config['nclasses'], 3, seed=1)
    query = SyntheticMarket(config['nclasses'], 1, seed=2)
    gallery_loader = DataLoader(gallery, batch_size=batchsize, shuffle=False)
    query_loader = DataLoader(query, batch_size=batchsize, shuffle=False)

    model_structure = ft_net(751, stride=stride)
    model = load_network(model_structure, name)
    # Remove the final fc layer and classifier layer
    model.classifier.classifier = torch.nn.Sequential()
    model = model.eval()

    gallery_feature, gallery_label = extract_feature(model, gallery_loader)
    query_feature, query_label = extract_feature(model, query_loader)

    score = query_feature @ gallery_feature.t()
    index = score.argmax(dim=1)
    rank1 = (gallery_label[index] == query_label).float().mean().item()
    print('Rank@1:%f' % rank1)
    return rank1
