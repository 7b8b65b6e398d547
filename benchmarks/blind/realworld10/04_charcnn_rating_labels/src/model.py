import torch
import torch.nn as nn


class CharacterLevelCNN(nn.Module):
    def __init__(self, args, number_of_classes, model_params):
        super(CharacterLevelCNN, self).__init__()
        conv = model_params['conv']
        fc = model_params['fc']
        self.dropout_input = nn.Dropout2d(args.dropout_input)

        layers = []
        in_ch = args.number_of_characters
        for out_ch, kernel, pool in conv:
            block = [nn.Conv1d(in_ch, out_ch, kernel_size=kernel, padding=0), nn.ReLU()]
            if pool != -1:
                block.append(nn.MaxPool1d(pool))
            layers.append(nn.Sequential(*block))
            in_ch = out_ch
        self.convs = nn.ModuleList(layers)

        input_shape = (1, args.max_length, args.number_of_characters)
        self.output_dimension = self._get_conv_output(input_shape)

        self.fc1 = nn.Sequential(nn.Linear(self.output_dimension, fc[0]), nn.ReLU(), nn.Dropout(0.5))
        self.fc2 = nn.Linear(fc[0], number_of_classes)

    def _get_conv_output(self, shape):
        x = torch.rand(shape).transpose(1, 2)
        for conv in self.convs:
            x = conv(x)
        return x.view(x.size(0), -1).size(1)

    def forward(self, x):
        x = self.dropout_input(x)
        x = x.transpose(1, 2)
        for conv in self.convs:
            x = conv(x)
        x = x.view(x.size(0), -1)
        x = self.fc1(x)
        return self.fc2(x)
