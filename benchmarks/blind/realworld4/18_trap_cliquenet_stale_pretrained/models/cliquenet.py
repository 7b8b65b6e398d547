import torch
import torch.nn as nn
import torch.nn.functional as F


class attention(nn.Module):
    def __init__(self, input_channels, multiply):
        super(attention, self).__init__()
        self.global_pool = nn.AdaptiveAvgPool2d(1)
        self.fc1 = nn.Linear(input_channels, input_channels // multiply)
        self.fc2 = nn.Linear(input_channels // multiply, input_channels)

    def forward(self, x):
        b, c, _, _ = x.size()
        w = self.global_pool(x).view(b, c)
        w = torch.sigmoid(self.fc2(F.relu(self.fc1(w)))).view(b, c, 1, 1)
        return x * w


class transition(nn.Module):
    def __init__(self, if_att, current_size, input_channels, keep_prob):
        super(transition, self).__init__()
        self.input_channels = input_channels
        self.keep_prob = keep_prob
        self.bn = nn.BatchNorm2d(self.input_channels)
        self.conv = nn.Conv2d(self.input_channels, self.input_channels, kernel_size=1, bias=False)
        self.if_att = if_att
        if self.if_att:
            self.attention = attention(input_channels=self.input_channels, multiply=4)

    def forward(self, x):
        output = self.bn(x)
        output = F.relu(output)
        output = self.conv(output)
        if self.if_att:
            output = self.attention(output)
        output = F.dropout(output, p=1 - self.keep_prob, training=self.training)
        output = F.avg_pool2d(output, 2)
        return output


class build_cliquenet(nn.Module):
    def __init__(self, input_channels, list_channels, list_layer_num, if_att):
        super(build_cliquenet, self).__init__()
        self.fir_trans = nn.Conv2d(3, input_channels, kernel_size=3, stride=1, padding=1, bias=False)
        self.fir_bn = nn.BatchNorm2d(input_channels)
        self.list_channels = list_channels
        self.list_layer_num = list_layer_num
        self.if_att = if_att
        self.block_num = len(list_channels)

        for i in range(self.block_num):
            self.add_module('block' + str(i), clique_block(input_channels=input_channels if i == 0 else list_channels[i - 1] * list_layer_num[i - 1],
                                                           channels_per_layer=list_channels[i], layer_num=list_layer_num[i], loop_num=1, keep_prob=0.8))
        for i in range(self.block_num - 1):
            self.add_module('trans' + str(i), transition(self.if_att, None, list_channels[i] * list_layer_num[i], 0.8))
        self.fc = nn.Linear(sum(c * n for c, n in zip(list_channels, list_layer_num)), 10)

    def forward(self, x):
        output = F.relu(self.fir_bn(self.fir_trans(x)))
        feature_I_list = []
        block_feature_I = output
        for i in range(self.block_num):
            block_feature_I, block_feature_II = getattr(self, 'block' + str(i))(block_feature_I)
            feature_I_list.append(F.adaptive_avg_pool2d(block_feature_II, 1).flatten(1))
            if i < self.block_num - 1:
                block_feature_I = getattr(self, 'trans' + str(i))(block_feature_II)
        return self.fc(torch.cat(feature_I_list, 1))


class clique_block(nn.Module):
    def __init__(self, input_channels, channels_per_layer, layer_num, loop_num, keep_prob):
        super(clique_block, self).__init__()
        self.input_channels = input_channels
        self.channels_per_layer = channels_per_layer
        self.layer_num = layer_num
        self.loop_num = loop_num
        self.keep_prob = keep_prob

        # conv 1 x 1
        self.conv_param = nn.ModuleList([nn.Conv2d(self.channels_per_layer, self.channels_per_layer, kernel_size=1, padding=0, stride=1, bias=False)
                                         for i in range((self.layer_num + 1) ** 2)])
        for i in range(1, self.layer_num + 1):
            self.conv_param[i] = nn.Conv2d(self.input_channels, self.channels_per_layer, kernel_size=1, padding=0, stride=1, bias=False)
        for i in range(1, self.layer_num + 1):
            self.conv_param[i * (self.layer_num + 2)] = None
        for kernel_size in [3]:
            self.conv_param_bottle = nn.ModuleList([nn.Conv2d(self.channels_per_layer, self.channels_per_layer, kernel_size=kernel_size, padding=1, stride=1, bias=False)
                                                    for i in range(self.layer_num)])
        self.bn_param = nn.ModuleList([nn.BatchNorm2d(self.channels_per_layer) for i in range(self.layer_num)])

    def forward(self, x):
        # stage I
        self.blob_dict = {}
        for layer_id in range(1, self.layer_num + 1):
            bottom_blob = x
            bottom_param = self.conv_param[layer_id].weight
            for layer_id_id in range(1, layer_id):
                bottom_blob = torch.cat((bottom_blob, self.blob_dict[str(layer_id_id)]), 1)
                bottom_param = torch.cat((bottom_param, self.conv_param[layer_id_id * (self.layer_num + 1) + layer_id].weight), 1)
            next_layer = F.conv2d(bottom_blob, bottom_param, bias=None)
            next_layer = self.conv_param_bottle[layer_id - 1](F.relu(self.bn_param[layer_id - 1](next_layer)))
            next_layer = F.dropout(next_layer, p=1 - self.keep_prob, training=self.training)
            self.blob_dict[str(layer_id)] = next_layer

        # stage II
        for loop_id in range(self.loop_num):
            for layer_id in range(1, self.layer_num + 1):
                layer_list = [l_id for l_id in range(1, self.layer_num + 1)]
                layer_list.remove(layer_id)
                bottom_blobs = self.blob_dict[str(layer_list[0])]
                bottom_param = self.conv_param[layer_list[0] * (self.layer_num + 1) + layer_id].weight
                layer_list.remove(layer_list[0])
                for bottom_id in layer_list:
                    bottom_blobs = torch.cat((bottom_blobs, self.blob_dict[str(bottom_id)]), 1)
                    bottom_param = torch.cat((bottom_param, self.conv_param[bottom_id * (self.layer_num + 1) + layer_id].weight), 1)
                mid_layer = F.conv2d(bottom_blobs, bottom_param, bias=None)
                mid_layer = self.conv_param_bottle[layer_id - 1](F.relu(self.bn_param[layer_id - 1](mid_layer)))
                mid_layer = F.dropout(mid_layer, p=1 - self.keep_prob, training=self.training)
                self.blob_dict[str(layer_id)] = mid_layer

        transit_feature = self.blob_dict[str(1)]
        for layer_id in range(2, self.layer_num + 1):
            transit_feature = torch.cat((transit_feature, self.blob_dict[str(layer_id)]), 1)

        block_feature_I = transit_feature
        block_feature_II = transit_feature
        return block_feature_I, block_feature_II
