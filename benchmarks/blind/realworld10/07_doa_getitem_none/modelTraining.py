import yaml
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, random_split

from doaDataset import DOADataset, simulate_array
from doaNet import DOANet


def main():
    with open('config.yaml', 'r', encoding='utf-8') as f:
        cfg = yaml.safe_load(f)
    torch.manual_seed(0)

    covs, bearings, ranges, num_classes = simulate_array(cfg, seed=0)
    dataset = DOADataset(covs, bearings, ranges, label_type=cfg['dataset']['label_type'])
    n_val = len(dataset) // 8
    trainingSet, validationSet = random_split(dataset, [len(dataset) - n_val, n_val],
                                              generator=torch.Generator().manual_seed(0))
    batch_size = cfg['training']['batch_size']
    trainingDataLoader = DataLoader(trainingSet, batch_size=batch_size, shuffle=True)
    validationDataLoader = DataLoader(validationSet, batch_size=batch_size, shuffle=False)

    net = DOANet(cfg['array']['num_elements'], num_classes)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.Adam(net.parameters(), lr=cfg['training']['lr'])

    for epoch in range(cfg['training']['epochs']):
        net.train()
        runningLoss = 0.0
        for i, (inputs, bearingLabels) in enumerate(trainingDataLoader, 0):
            optimizer.zero_grad()
            outputs = net(inputs)
            loss = criterion(outputs, bearingLabels)
            loss.backward()
            optimizer.step()
            runningLoss += loss.item()
        net.eval()
        correct, total = 0, 0
        with torch.no_grad():
            for inputs, bearingLabels in validationDataLoader:
                pred = net(inputs).argmax(1)
                correct += (pred == bearingLabels).sum().item()
                total += bearingLabels.size(0)
        print('[epoch %d] loss: %.4f  val acc: %.3f' % (epoch + 1, runningLoss / (i + 1), correct / total))

    torch.save(net.state_dict(), 'doaNet.pth')
    print('Finished Training')


if __name__ == '__main__':
    main()
